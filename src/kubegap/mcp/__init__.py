"""The MCP server: ``server`` assembles it; ``audit_tools`` and ``library_tools`` are its tools,
``paging`` the shape of an audit answer, ``arguments`` and ``folders`` what the tools accept and may
read, ``prompts`` and ``resources`` the rest of what it offers."""
