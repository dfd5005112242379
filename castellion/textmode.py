"""Play a whole game in the terminal: the board in castle notation, numbered legal actions.

`python -m castellion --text --level base --seed 7`. It proves the engine is playable end to end
without the board, and is handy for bug reports (the transcript is the castle notation).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from .rules import Game, format_castle, formations, new_game
from .rules import actions as A
from .ui.rules_text import destruction_text, outcome_text, requirement_text
from .ui.text import t


def describe(game: Game) -> str:
    lines = [f"— turn {game.turn} · {game.level_spec.name} · seed {game.seed} · phase {game.phase}"]
    for i, o in enumerate(game.ordeals):
        mark = "passed" if o.passed else ("current" if i == game.current_ordeal else "")
        if o.face_up:
            need = requirement_text(o.card.requires) if o.card.requires else o.card.text
            face = f"{o.card.name}: {need}"
            if o.card.source == "reconstructed":  # marked as the board marks it
                face += f" ({t('rules.reconstructed')})"
        else:
            face = "face-down Ordeal"
        lines.append(f"  Ordeal {i + 1}: {face} · traitors {len(o.traitors)}/{o.trigger} {mark}")
    lines.append(f"  piles: regular {game.pile_size('regular')}, safe {game.pile_size('safe')}"
                 f" · discard {len(game.discard)}")
    if game.revealed:
        lines.append(f"  revealed: {' '.join(game.revealed)}")
    if game.variant_id:
        lines.append(f"  variant: {game.variant_id}")
    if game.vigil:
        lines.append(f"  Vigil: {game.vigil}")
    if game.prison:
        lines.append("  prison: " + " ".join(f"{c}={t}" for c, t in sorted(game.prison.items())))
    for p in range(game.players):
        castle = game.castle(p)
        f = formations(castle)
        who = "" if game.players == 1 else f"player {p + 1}{' (to play)' if p == game.active else ''}: "
        lines.append(f"  {who}formations: {f['tower']} towers, {f['bastion']} bastions, "
                     f"{f['line']} lines" + (f" · Pantry supply {' '.join(game.pantry_supply(p))}"
                                             if game.pantry_supply(p) else ""))
        lines.append(format_castle(castle))
    if game.players == 2 and game.champion is not None:
        lines.append(f"  the Champion card: player {game.champion + 1}")
    if game.held:
        lines.append(f"  in hand: {game.held}")
    if game.phase == "destroy":
        index = game.current_ordeal
        name = game.ordeals[index].card.name if index is not None else ""
        lines.append("  " + t("rules.destroy.line", n=game.destroy_left,
                              reason=destruction_text(game.destroy_kind, name)))
    return "\n".join(lines)


def label(action: A.Action) -> str:
    match action:
        case A.DrawTile(pile):
            return f"draw from the {pile} pile"
        case A.TakeRevealed(index, tile):
            return f"take revealed tile {tile}"
        case A.PlaceTile(cell, tile):
            return f"place {tile} at row {cell[0]}, column {cell[1]}"
        case A.DiscardTile(tile):
            return f"discard {tile}"
        case A.PlaceTraitor():
            return "place the Traitor beside the current Ordeal"
        case A.DiscardTraitor():
            return "discard the Traitor (destroy castle tiles)"
        case A.UsePower(f):
            return f"use the {f} power"
        case A.SkipPower(f):
            return "skip the power"
        case A.SwapTiles(a, b):
            return f"swap {a} and {b}"
        case A.RevealTile(pile):
            return f"reveal from the {pile} pile"
        case A.TakeFromDiscard(index, tile):
            return f"take {tile} from the discard pile"
        case A.DestroyTile(cell):
            return f"destroy the tile at {cell}"
        case A.MoveTile(src, dst):
            return f"move the tile at {src} to {dst}"
        case A.RevealOrdeal(index):
            return f"turn up Ordeal {index + 1}"
        case A.EncounterOrdeal():
            return "encounter the current Ordeal now"
        case A.ChooseProphetOrdeal(index):
            return f"put the Prophet's pawn beside Ordeal {index + 1}"
        case A.ExchangeVigil(tile):
            return f"exchange {tile} with the Vigil"
        case A.UsePremonition():
            return "use the Premonition: discard the Traitor at no cost"
        case A.PlacePrison(cell, tile):
            return f"put {tile} in the prison at {cell}"
        case A.PlaceGuardian(cell):
            return f"discard the Traitor: the Guardian pawn goes on the tile at {cell}"
        case A.PlaceIntruder(cell):
            return f"put the Intruder pawn on the tile at {cell}"
        case A.PlacePantry(cell, tile):
            return f"place Pantry tile {tile} at row {cell[0]}, column {cell[1]}"
        case A.PassTile(tile):
            return f"pass {tile} to your partner (then destroy one of your tiles)"
        case A.ChooseFacer(player):
            return f"player {player + 1} faces the first Ordeal"
        case A.HandChampion():
            return "hand the Champion card over (destroy 6 of your tiles)"
    return repr(action)


def play(game: Game, ask: Callable[[str], str], out: TextIO) -> Game:
    while game.outcome is None:
        print(describe(game), file=out)
        actions = game.legal_actions()
        for n, action in enumerate(actions, 1):
            print(f"  {n:3}. {label(action)}", file=out)
        while True:
            answer = ask("choose (number, q to quit): ").strip()
            if answer.lower() in ("q", "quit"):
                return game
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                break
            print(f"  please enter a number from 1 to {len(actions)}", file=out)
        for event in game.apply(actions[int(answer) - 1]):
            print(f"  · {event}", file=out)
    print(describe(game), file=out)
    reason = outcome_text(game.outcome, (), [o.card for o in game.ordeals])
    print(f"\nYou {game.outcome.result}: {reason}", file=out)
    return game


def main(level: str = "intro", seed: int | None = None, **options: object) -> int:
    """Play a game in the terminal; `options` are new_game's (variant, pantry, players)."""
    import secrets

    seed = secrets.randbelow(10**6) if seed is None else seed
    game = new_game(level, seed=seed, **options)  # type: ignore[arg-type]

    def ask(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            return "q"

    play(game, ask, sys.stdout)
    return 0
