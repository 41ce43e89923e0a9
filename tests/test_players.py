"""The hand-written players of every game: legal, whole games, and blind to what their
seat cannot see (`hunt.models.testing.check_players`); and the population a spec and
`hunt arena --population` read."""

from __future__ import annotations

import pytest

from hunt.models.registry import available_games, game_players, load_game
from hunt.models.testing import check_players
from hunt.solver.agent import PlayerAgent
from hunt.solver.agent_specs import POPULATION, AgentSpecError, make_agent, population

GAMES_WITH_PLAYERS = [name for name in available_games() if game_players(load_game(name))]


@pytest.mark.parametrize("name", GAMES_WITH_PLAYERS)
def test_every_hand_written_player_plays_legally_and_sees_only_its_seat(name: str) -> None:
    assert check_players(load_game(name)) > 0


@pytest.mark.parametrize("name", GAMES_WITH_PLAYERS)
def test_a_spec_names_a_games_player_and_the_population_holds_it(name: str) -> None:
    game = load_game(name)
    for player in game_players(game):
        assert isinstance(make_agent(player, 3, game), PlayerAgent)
        assert player in population(game)
        with pytest.raises(AgentSpecError, match="takes no settings"):
            make_agent(f"{player}:normal", 3, game)
    assert population(game)[:len(POPULATION)] == list(POPULATION)
