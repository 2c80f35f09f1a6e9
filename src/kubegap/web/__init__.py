"""The Incident Library website and audit report viewer: server-rendered pages with JSON twins,
served by ``kubegap serve`` or written as a static site by ``kubegap site build``."""
