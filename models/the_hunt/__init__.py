"""The Hunt: the Admiral Graf Spee hidden in the South Atlantic, hunted by the British."""

from hunt.models.the_hunt.actions import TheHuntAction
from hunt.models.the_hunt.rules import BRITISH, GERMAN, TheHuntGame, TheHuntState

__all__ = ["BRITISH", "GERMAN", "TheHuntAction", "TheHuntGame", "TheHuntState"]
