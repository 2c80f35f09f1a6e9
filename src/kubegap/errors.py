"""Errors that end a run with a message for the user instead of a traceback."""


class UserError(Exception):
    """A mistake in what the user gave us: a path, a file, a flag. Exit code 2."""

    exit_code = 2


class InputError(UserError):
    """An input that cannot be used at all (as opposed to one bad document, which is skipped)."""


class LibraryError(Exception):
    """The shipped library (cases or vocabularies) is broken: a packaging defect, not a user error."""
