"""The Incident Library: public incident cases, the vocabularies they are tagged in, and search."""

from kubegap.library.load import Library, load_library

__all__ = ["Library", "load_library"]
