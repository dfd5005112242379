"""Play a whole game in the terminal: the board in castle notation, numbered legal actions.

`python -m castellion --text --level base --seed 7 [--lang es]`. It proves the engine is playable
end to end without the board, and is handy for bug reports (the transcript is the castle
notation). Its words come from the same catalogs as the board's (`text.*` keys), in the language
`--lang`, the settings or the system choose (`castellion.ui.language.choose`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from .rules import Game, format_castle, formations, new_game
from .rules import actions as A
from .ui.catalog_keys import card_name, card_text, level_name
from .ui.rules_text import destruction_text, outcome_text, requirement_text
from .ui.text import t


def describe(game: Game) -> str:
    level = level_name(game.level_spec.id, game.level_spec.name)
    lines = [t("text.header", turn=game.turn, level=level, seed=game.seed, phase=game.phase)]
    lines += [_ordeal_line(game, i) for i in range(len(game.ordeals))]
    lines.append(t("text.piles", regular=game.pile_size("regular"), safe=game.pile_size("safe"),
                   discard=len(game.discard)))
    if game.revealed:
        lines.append(t("text.revealed", tiles=" ".join(game.revealed)))
    if game.variant_id:
        lines.append(t("text.variant", variant=game.variant_id))
    if game.vigil:
        lines.append(t("text.vigil", tile=game.vigil))
    if game.prison:
        lines.append(t("text.prison", cells=" ".join(f"{c}={tile}" for c, tile in sorted(game.prison.items()))))
    for p in range(game.players):
        lines += _castle_lines(game, p)
    if game.players == 2 and game.champion is not None:
        lines.append(t("text.champion", n=game.champion + 1))
    if game.held:
        lines.append(t("text.held", tile=game.held))
    if game.phase == "destroy":
        index = game.current_ordeal
        name = card_name(game.ordeals[index].card) if index is not None else ""
        lines.append("  " + t("rules.destroy.line", n=game.destroy_left,
                              reason=destruction_text(game.destroy_kind, name)))
    return "\n".join(lines)


def _faction(f: str) -> str:
    return t(f"board.faction.{f}") if f in "SCJP" else f


# Each action's line: its catalog key and its fields (one entry per action type, so a new action
# is one line here, and `label` never grows).
_LABELS: dict[type, Callable[[Any], str]] = {
    A.DrawTile: lambda a: t("text.a.draw", pile=t(f"rules.pile.{a.pile}")),
    A.TakeRevealed: lambda a: t("text.a.take_revealed", tile=a.tile),
    A.PlaceTile: lambda a: t("text.a.place", tile=a.tile, row=a.cell[0], col=a.cell[1]),
    A.DiscardTile: lambda a: t("text.a.discard", tile=a.tile),
    A.PlaceTraitor: lambda a: t("text.a.place_traitor"),
    A.DiscardTraitor: lambda a: t("text.a.discard_traitor"),
    A.UsePower: lambda a: t("text.a.use_power", faction=_faction(a.faction)),
    A.SkipPower: lambda a: t("text.a.skip_power"),
    A.SwapTiles: lambda a: t("text.a.swap", a=a.a, b=a.b),
    A.RevealTile: lambda a: t("text.a.reveal", pile=t(f"rules.pile.{a.pile}")),
    A.TakeFromDiscard: lambda a: t("text.a.take_discard", tile=a.tile),
    A.DestroyTile: lambda a: t("text.a.destroy", cell=a.cell),
    A.MoveTile: lambda a: t("text.a.move", src=a.src, dst=a.dst),
    A.RevealOrdeal: lambda a: t("text.a.reveal_ordeal", n=a.index + 1),
    A.EncounterOrdeal: lambda a: t("text.a.encounter"),
    A.ChooseProphetOrdeal: lambda a: t("text.a.prophet", n=a.index + 1),
    A.ExchangeVigil: lambda a: t("text.a.vigil", tile=a.tile),
    A.UsePremonition: lambda a: t("text.a.premonition"),
    A.PlacePrison: lambda a: t("text.a.prison", tile=a.tile, cell=a.cell),
    A.PlaceGuardian: lambda a: t("text.a.guardian", cell=a.cell),
    A.PlaceIntruder: lambda a: t("text.a.intruder", cell=a.cell),
    A.PlacePantry: lambda a: t("text.a.pantry", tile=a.tile, row=a.cell[0], col=a.cell[1]),
    A.PassTile: lambda a: t("text.a.pass", tile=a.tile),
    A.ChooseFacer: lambda a: t("text.a.facer", n=a.player + 1),
    A.HandChampion: lambda a: t("text.a.champion"),
}


def _ordeal_line(game: Game, i: int) -> str:
    o = game.ordeals[i]
    mark = t("text.passed") if o.passed else (t("text.current") if i == game.current_ordeal else "")
    if o.face_up:
        need = requirement_text(o.card.requires) if o.card.requires else card_text(o.card)
        face = t("text.face", name=card_name(o.card), need=need)
        if o.card.source == "reconstructed":  # marked as the board marks it
            face += f" ({t('rules.reconstructed')})"
    else:
        face = t("text.face_down")
    return t("text.ordeal", n=i + 1, face=face, traitors=len(o.traitors), trigger=o.trigger, mark=mark)


def _castle_lines(game: Game, p: int) -> list[str]:
    """Player `p`'s formations (and Pantry supply) line, then the castle in notation."""
    castle = game.castle(p)
    f = formations(castle)
    who = ""
    if game.players > 1:
        who = t("text.who_active" if p == game.active else "text.who", n=p + 1)
    supply = game.pantry_supply(p)
    pantry = t("text.pantry_supply", tiles=" ".join(supply)) if supply else ""
    return [t("text.formations", who=who, tower=f["tower"], bastion=f["bastion"], line=f["line"], pantry=pantry),
            format_castle(castle)]


def label(action: A.Action) -> str:
    """The numbered choice's words for `action` (its repr for an action this table lacks)."""
    words = _LABELS.get(type(action))
    return words(action) if words is not None else repr(action)


def hint(game: Game, actions: list[A.Action]) -> str:
    """`h`: the computer player's move for the public view, its reason and the number to type.
    Computed here and now: the terminal waits for the answer anyway (≤ 0.5 s)."""
    from .ai import best_move
    from .ui.ai_text import hint_text

    decision = best_move(game)
    number = actions.index(decision.action) + 1
    words = hint_text(decision, game, str)  # tiles by code, as the text mode shows them
    return "\n".join((t("text.hint", text=words),
                      t("text.hint_action", command=f"{number}. {label(decision.action)}")))


def play(game: Game, ask: Callable[[str], str], out: TextIO) -> Game:
    while game.outcome is None:
        print(describe(game), file=out)
        actions = game.legal_actions()
        for n, action in enumerate(actions, 1):
            print(f"  {n:3}. {label(action)}", file=out)
        while True:
            answer = ask(t("text.prompt")).strip()
            if answer.lower() in ("q", "quit"):
                return game
            if answer.lower() in ("h", "hint"):
                print(hint(game, actions), file=out)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                break
            print(t("text.bad_number", n=len(actions)), file=out)
        for event in game.apply(actions[int(answer) - 1]):
            print(f"  · {event}", file=out)
    print(describe(game), file=out)
    reason = outcome_text(game.outcome, (), [o.card for o in game.ordeals])
    key = "text.won" if game.outcome.result.value == "won" else "text.lost"
    print("\n" + t(key, reason=reason), file=out)
    return game


def main(level: str = "intro", seed: int | None = None, language: str | None = None, **options: object) -> int:
    """Play a game in the terminal; `options` are new_game's (variant, pantry, players);
    `language`: --lang (else the system's)."""
    import secrets

    from .ui.language import choose
    from .ui.text import set_language

    set_language(choose(None, language))
    seed = secrets.randbelow(10**6) if seed is None else seed
    game = new_game(level, seed=seed, **options)  # type: ignore[arg-type]

    def ask(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            return "q"

    play(game, ask, sys.stdout)
    return 0
