"""hunt: an AI opponent and hint engine for hidden-information board games.

The repository's folders install as subpackages: `hunt.boards` (component data),
`hunt.models` (rules), `hunt.solver` (search and agents) and `hunt.cli` (commands).
"""

__version__ = "0.1.0"
