"""Exception classes shared by every layer of hunt.

Every error a user can cause (a typo, an illegal move, a broken record or board file)
is one of these, and its message is a single line that says what is wrong and what
would be accepted. The CLI prints that line; it never shows a traceback for them.
"""


QUOTE_WIDTH = 80
"""The most characters of a user's input a message quotes back."""


def quoted(value: object, width: int = QUOTE_WIDTH) -> str:
    """`value` as a message quotes it: its repr (control characters escaped), cut to
    `width` characters with "..." so that a long typo or a huge field stays one line."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def why(error: Exception) -> str:
    """The short reason of a failed file operation ("Permission denied"), for a message."""
    return getattr(error, "strerror", None) or str(error)


class HuntError(Exception):
    """Base class of every error hunt reports to a user in one line."""


class IllegalActionError(HuntError, ValueError):
    """An action (or its text) that is not legal in the state it was applied to."""


class RecordError(HuntError, ValueError):
    """A game record that cannot be read or replayed: corrupt, foreign or inconsistent."""


class BoardError(HuntError, ValueError):
    """A component data file (TOML under boards/) that is missing or malformed."""


class UnknownGameError(HuntError, ValueError):
    """A game name that is not registered."""


class OptionError(HuntError, ValueError):
    """A game option that does not exist or has a value the game does not accept."""


class EvidenceError(HuntError, ValueError):
    """Observed events that no hidden position can explain (an impossible record)."""


class OutputError(HuntError, ValueError):
    """A file or folder hunt was asked to write (a save file, a log, a report) that it
    cannot write: not a regular file, read-only, in a missing or unwritable folder."""
