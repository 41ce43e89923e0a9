"""Hunted in the browser: every choice in players' words, the inventory as cards whose
uses play the choices that name them, and the state at a glance in place of the
terminal's screen."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from hunt.cli.web.session import seat_page
from hunt.models.hunted.rules import HuntedGame, HuntedState
from hunt.models.hunted.words import choice_words, effect_words
from hunt.models.registry import game_plugin, load_game
from hunt.models.testing import check_choice_words
from hunt.solver.session import Choice


def _positions(players: int, seeds: int = 12) -> Iterator[HuntedState]:
    """Every position of random games (chance drawn by its odds), each seen once."""
    game = load_game("hunted", players=players)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and len(state.history) < 250:
            yield state
            action = state.sample_chance_outcome(rng) if state.current_player() < 0 \
                else rng.choice(state.legal_actions())
            state = state.clone()
            state.apply_action(action)


@pytest.mark.parametrize("players", [1, 2])
def test_every_choice_and_table_entry_has_words_naming_its_cards(players: int) -> None:
    """Every legal action of random positions, and every entry the table companion
    offers each seat (chance's draws, tosses and tests included), has words of its own
    that start with a capital and name each card it names by its printed name."""
    game = load_game("hunted", players=players)
    assert isinstance(game, HuntedGame)
    verbs: set[str] = set()
    for text, said in check_choice_words(game, range(6)):
        for part in text.split()[1:]:
            name = game.by_slug.get(part.partition("#")[0])
            if name is not None:
                assert name in said, (text, said)
        verbs.add(text.split()[0])
    assert {"draw", "hide", "activate", "pay", "go", "toss", "card", "location"} <= verbs


def test_a_toss_a_payment_and_a_shared_card_are_said_as_a_player_says_them() -> None:
    """The tosses say what is fired and that a toss costs 1 time; a payment names the
    icon and the card discarded for it; a card of the shared row says so."""
    game = load_game("hunted", players=2)
    assert isinstance(game, HuntedGame)
    assert choice_words(game, "toss pulse-rifle#2 3 grenade 1") == \
        "Fire 3 shots of the Pulse Rifle #2 and 1 grenade token (1 time)"
    assert choice_words(game, "toss grenade 2") == "Fire 2 grenade tokens (1 time)"
    assert choice_words(game, "pay key with token") == "Pay the key with a key token"
    assert choice_words(game, "pay move with shared runner") == \
        "Pay move with Runner (shared row)"
    assert choice_words(game, "use medkit") == "Use Medkit: +1 health"
    assert choice_words(game, "fighter p2") == "Player 2 fights this round"
    assert choice_words(game, "toss nowhere 3") == "toss nowhere 3"  # no words: as typed


def test_every_effect_of_the_box_is_said_and_rules_card_says_what_a_card_does() -> None:
    """Each Location's and card's effect has words (a test names what follows it), and
    `rules CARD` says what discarding, flipping or drawing a card does."""
    game = load_game("hunted")
    assert isinstance(game, HuntedGame)
    effects = [*game.components.locations.values(),
               *(e for card in game.cards.values() for e in (card.use, card.flip, card.effect)
                 if e is not None)]
    for effect in effects:
        said = effect_words(effect)
        assert said and (not effect.test or said.startswith("a test")), said
    assert effect_words(game.components.locations["Landing Pad"]) == \
        "fight the alien queen (3 hits)"
    texts = game_plugin("hunted").cards
    assert texts is not None
    assert "Discarded from your inventory: +1 health." in texts(game)["Medkit"]
    assert "Flipped face down in your inventory: +1 hit on the alien." in \
        texts(game)["Dr. Reyes"]


@pytest.mark.parametrize("players", [1, 2])
def test_the_inventory_is_drawn_as_cards_whose_uses_play_the_choices_naming_them(
        players: int) -> None:
    """The page's cards are the seat's inventory, one per card; every choice that names
    an inventory card (fire, reload, use, flip, give, lose) is a use of its face, and a
    use plays a legal choice."""
    plugin = game_plugin("hunted")
    named = 0
    for state in _positions(players):
        seat = state.current_player()
        if seat < 0:
            continue
        seen = state.observation(seat)
        legal = [Choice(state.action_to_string(a), "") for a in state.legal_actions()]
        page = seat_page(plugin, state.game, seen, seat, legal, len(state.history))
        assert [face["card"] for face in page["cards"]] == page["hand"]
        uses = {move for face in page["cards"] for _, move in face["uses"]}
        assert uses <= {choice.text for choice in legal}
        ids = set(page["hand"])
        for choice in legal:
            verb, *args = choice.text.split()
            if verb in ("toss", "reload", "use", "flip", "give", "lose", "load") \
                    and args and args[0] in ids:
                assert choice.text in uses, choice.text
                named += 1
    assert named > 50


@pytest.mark.parametrize("players", [1, 2])
def test_the_state_at_a_glance_holds_what_the_screen_says(players: int) -> None:
    """Once the status is drawn the terminal's screen is hidden, so the status says
    what the screen does: time, health, the decks, the reroll token, the Locations, a
    fight's alien and hits; and it asks the seat to act what to do, only then."""
    plugin = game_plugin("hunted")
    panels_of = plugin.web_panels
    assert panels_of is not None
    fights = asks = 0
    for state in _positions(players, seeds=6):
        for seat in range(players):
            seen = state.observation(seat)
            status = panels_of(state.game, seen, seat).status
            assert f"<b>{seen['time']}</b>" in status
            assert f"{seen['health'][seat]}" in status
            assert f"{sum(seen['deck'].values())} card" in status
            assert f"{seen['locations_left']} left" in status
            assert ("by the board" if seen["reroll"] else "used") in status
            if seen["fight"] is not None:
                assert seen["fight"]["alien"] in status and "of " in status
                fights += 1
            to_act = state.current_player() == seat
            assert ('class="asked"' in status) == to_act, (seen["stage"], status)
            asks += to_act
    assert fights and asks
