"""The one game session every face drives games through (`hunt.solver.session`): one
seed is one game in the arena, at the prompt and in the browser; the program's moves,
forced moves, undo and saving behave alike everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hunt.cli.main import cli
from hunt.models.registry import available_games, load_game
from hunt.solver.agent_specs import make_agent
from hunt.solver.arena import GameTask, play_task
from hunt.solver.record_files import revealed_record
from hunt.solver.session import GameSession, play_game


def two_seat_games() -> list[str]:
    """The registered games of exactly two seats and not cooperative: one person and
    one computer at the prompt."""
    return [name for name in available_games()
            if load_game(name).info.num_players == 2 and not load_game(name).info.cooperative]


@pytest.mark.parametrize("name", two_seat_games())
def test_one_seed_is_one_game_in_the_arena_and_at_the_prompt(name: str, tmp_path: Path) -> None:
    """The arena's game of a seed, the first seat's choices typed at `hunt play` with
    the same seed against the same agent, gives the same record, action for action."""
    game, seed = load_game(name), 12
    agents = [make_agent("heuristic", 0, game) for _ in range(2)]
    arena = play_game(game, agents, seed).state
    outcome = play_task(GameTask(name, (), ("heuristic", "heuristic"), 0, seed))
    assert outcome.returns == tuple(arena.returns()) and outcome.length == len(arena.history)
    # The first seat's real choices (more than one legal action), as typed at the prompt.
    replay = game.new_initial_state(seed)
    typed = []
    for action in arena.history:
        if replay.current_player() == 0 and len(replay.legal_actions()) > 1:
            typed.append(replay.action_to_string(action))
        replay.apply_action(action)
    save = tmp_path / "game.json"
    result = CliRunner().invoke(cli, [
        "play", name, "--as", game.info.seat_names[0], "--seed", str(seed), "--ai",
        "heuristic", "--save", str(save)], input="\n".join(typed) + "\nn\n")
    assert result.exit_code == 0, result.output
    assert revealed_record(save, spoilers=True)["actions"] == arena.to_record()["actions"]


def test_the_program_plays_a_humans_forced_move_and_stops_at_a_choice() -> None:
    game = load_game("jutland")
    session = GameSession(game.new_initial_state(3), [None, make_agent("random", 0, game)])
    session.run()
    seat = session.human_to_choose()
    assert seat == 0 and len(session.state.legal_actions()) > 1
    assert session.forced_choice() is None
    assert session.seat_view(0).to_act() and session.seat_view(0).choices()
    assert not session.seat_view(1).to_act() and session.seat_view(1).choices() == []


def test_every_action_is_saved_before_the_session_goes_on() -> None:
    game = load_game("jutland")
    saved: list[int] = []
    session = GameSession(game.new_initial_state(5), [make_agent("random", 1, game)] * 2,
                          lambda state: saved.append(len(state.history)))
    session.run()
    assert session.is_over()
    assert saved == list(range(1, len(session.state.history) + 1))


def test_a_program_step_gives_the_same_result_however_often_it_is_reached() -> None:
    """Chance and the computer's decisions are drawn from the game's secret and the
    number of actions played: asking twice, or in a resumed copy, gives the same."""
    game = load_game("the-hunt")
    agents = [make_agent("ismcts:iterations=20", 0, game) for _ in range(2)]
    session = GameSession(game.new_initial_state(8), agents)
    for _ in range(30):
        first = session.program_action()
        copy = GameSession(game.from_record(session.state.to_record()),
                           [make_agent("ismcts:iterations=20", 99, game) for _ in range(2)])
        assert copy.program_action() == first == session.program_action()
        session.play(first)
