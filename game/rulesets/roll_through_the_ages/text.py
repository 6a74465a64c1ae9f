"""One plain sentence per event, for `mare demo`, logs and the client's history. Players are
named as people count them ("Player 1" is seat 0): the seats of this game carry no names of
their own."""

from __future__ import annotations

from collections.abc import Callable

from game.core.events import Event
from game.rulesets.roll_through_the_ages.content import RttaContent

Sentence = Callable[[RttaContent, Event, str], str]

SOLITAIRE_OPPONENT = -1
"""The target of a solitaire tribute demand (the opponent as strong as the round)."""


def player_name(seat: int) -> str:
    """How people read a seat: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def _who(value: object) -> str:
    if value == SOLITAIRE_OPPONENT:
        return "the solitaire opponent"
    return player_name(value) if isinstance(value, int) else "Someone"


def _count(number: object, word: str) -> str:
    """"1 skull", "3 skulls"."""
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _listed(parts: list[str]) -> str:
    """"a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _face_names(content: RttaContent) -> dict[str, str]:
    return {f.id: f.name for f in (*content.fate_die, *content.empire_die)}


def _rolled(content: RttaContent, ev: Event, who: str) -> str:
    names = _face_names(content)
    shown = dict(zip(ev.get("dice"), ev.get("faces"), strict=True))
    parts = [f"the Fate die shows {names[shown.pop(0)]}"] if 0 in shown else []
    if len(shown) > 1 and ev.get("roll") == "roll":
        parts.append("Empire dice: " + " · ".join(names[f] for f in shown.values()))
    else:
        parts += [f"Empire die {d}: {names[f]}" for d, f in shown.items()]
    verb = {"reroll": "rerolls", "leadership": "rerolls with Leadership"}.get(ev.get("roll"),
                                                                             "rolls")
    return f"{who} {verb}: {'; '.join(parts)}."


def _die(die: object) -> str:
    return "the Fate die" if die == 0 else f"Empire die {die}"


def _omens(content: RttaContent, ev: Event, who: str) -> str:
    face = _face_names(content)[ev.get("face")]
    return f"{who} uses Omens: {_die(ev.get('die'))} now shows {face}."


def _collected(content: RttaContent, ev: Event, who: str) -> str:
    """What the dice brought, naming only what there is of (rule 1, step 1)."""
    lost = f" ({ev.get('lost')} lost over the track)" if ev.get("lost") else ""
    parts = [_count(ev.get("goods"), "good") + lost if ev.get("goods") or lost else "",
             f"{ev.get('food')} food" if ev.get("food") else "",
             f"{ev.get('population')} population" if ev.get("population") else "",
             _count(ev.get("innovations"), "innovation") if ev.get("innovations") else ""]
    got = [part for part in parts if part]
    return f"{who} collects {_listed(got) if got else 'nothing'}."


def _fed(content: RttaContent, ev: Event, who: str) -> str:
    fed, famine = ev.get("food"), ev.get("famine")
    if famine:
        fed_words = f"only {fed} of" if fed else "none of"
        return (f"{who} can feed {fed_words} {_count(fed + famine, 'province')}: Famine, "
                f"{_count(famine, 'skull')}.")
    return f"{who} feeds {_count(fed, 'province')} ({fed} food)."


def _disaster_name(content: RttaContent, disaster: str) -> str:
    names = {d.id: d.name for d in content.disasters}
    return names.get(disaster, disaster)


def _protection(content: RttaContent, protection: str) -> str:
    names = {d.id: d.name for d in content.developments}
    names.update((m.id, f"the {m.name}") for m in content.monuments)
    return names.get(protection, protection)


def _disaster(content: RttaContent, ev: Event, who: str) -> str:
    name = _disaster_name(content, ev.get("disaster"))
    scope = next((d.scope for d in content.disasters if d.id == ev.get("disaster")), "self")
    if scope == "everyone":
        return f"{who} rolls {name}: every player must fight it."
    if not ev.get("skulls"):
        return f"{name} attack {who}."
    roller = "" if ev.get("by") in (None, ev.get("seat")) else f"{_who(ev.get('by'))}'s "
    return f"{roller}{name} strikes {who} ({_count(ev.get('skulls'), 'skull')})."


def _battle(content: RttaContent, ev: Event, who: str) -> str:
    box = " and a conquest box" if ev.get("box") else ""
    result = (f"wins {ev.get('tribute')} tribute{box}" if ev.get("tribute") else
              f"takes {_count(ev.get('skulls'), 'skull')}" if ev.get("skulls") else "ties")
    losses = ["an army"] * bool(ev.get("armies_lost")) + ["a ship"] * bool(ev.get("ships_lost"))
    navy = " with the Navy" if ev.get("navy") else ""
    enemy = "for conquest" if ev.get("enemy") == "conquest" else \
        _disaster_name(content, ev.get("enemy"))
    fight = f"{who} fights {enemy} at {ev.get('strength')}{navy} against {ev.get('against')}"
    if losses:
        return f"{fight}, {result} and loses {_listed(losses)}."
    return f"{fight} and {result}."


def _tribute(content: RttaContent, ev: Event, who: str) -> str:
    return (f"{who} demands tribute of {_who(ev.get('target'))} "
            f"({ev.get('strength')} against {ev.get('against')}): {ev.get('tribute')} tribute.")


def _bought(content: RttaContent, ev: Event, who: str) -> str:
    name = content.development(ev.get("development")).name
    paid = [_count(ev.get("goods"), "good"), _count(ev.get("innovations"), "innovation"),
            f"{ev.get('wealth')} wealth"]
    spent = [part for part in paid if not part.startswith("0 ")] or ["nothing"]
    return f"{who} buys {name}, paying {_listed(spent)}."


def _monument(content: RttaContent, ev: Event, who: str) -> str:
    name = content.monument(ev.get("monument")).name
    first = "first " if ev.get("first") else ""
    return f"{who} completes the {name} {first}for {ev.get('points')} points."


def _colony(content: RttaContent, ev: Event) -> str:
    return content.colony(ev.get("colony")).name


def _founded(content: RttaContent, ev: Event, who: str) -> str:
    displaced = tuple(ev.get("displaced"))
    sent = [f"{_count(displaced.count(seat), 'peg')} of {player_name(seat)}"
            for seat in sorted(set(displaced))]
    home = f", sending home {_listed(sent)}" if sent else ""
    return f"{who} completes the colony of {_colony(content, ev)}{home}."


def _rewards(content: RttaContent, ev: Event, who: str) -> str:
    names = [content.colony(colony).name for colony in ev.get("colonies")]
    return f"{who} collects the rewards of {_listed(names)}."


def _phantom(content: RttaContent, ev: Event, who: str) -> str:
    home = f" ({_count(ev.get('displaced'), 'peg')} of yours sent home)" \
        if ev.get("displaced") else ""
    return f"The solitaire opponent founds {_colony(content, ev)}{home}."


def _game_over(content: RttaContent, ev: Event, who: str) -> str:
    scores = ", ".join(f"{player_name(seat)} {points}"
                       for seat, points in enumerate(ev.get("scores")))
    return f"The game ends ({ev.get('reason')}): {scores}."


SENTENCES: dict[str, Sentence] = {
    "rolled": _rolled,
    "omens": _omens,
    "collected": _collected,
    "fed": _fed,
    "disaster": _disaster,
    "spared": lambda c, ev, who: f"{who} is spared {_disaster_name(c, ev.get('disaster'))} by "
                                 f"{_protection(c, ev.get('by'))}.",
    "battle": _battle,
    "tribute": _tribute,
    "tribute_paid": lambda c, ev, who: f"{_who(ev.get('payer'))} gives {who} a good instead "
                                       f"of tribute.",
    "province_built": lambda c, ev, who: f"{who} builds province {ev.get('number')} "
                                         f"(+{ev.get('tribute')} tribute).",
    "port_built": lambda c, ev, who: f"{who} builds port {ev.get('number')}.",
    "monument_built": _monument,
    "army_raised": lambda c, ev, who: f"{who} raises an army (now {ev.get('armies')}).",
    "ship_built": lambda c, ev, who: f"{who} builds a ship (now {ev.get('ships')}).",
    "granary": lambda c, ev, who: f"{who} turns a good into food (Granaries).",
    "bought": _bought,
    "stored": lambda c, ev, who: f"{who} stores {ev.get('goods')} goods as "
                                 f"{ev.get('wealth')} wealth.",
    "colony_peg": lambda c, ev, who: f"{who} places a peg in {_colony(c, ev)}.",
    "colony_unpeg": lambda c, ev, who: f"{who} takes a peg back from {_colony(c, ev)}.",
    "colony_founded": _founded,
    "colony_rewards": _rewards,
    "colony_die": lambda c, ev, who: f"The solitaire opponent's die shows {ev.get('value')}.",
    "phantom_colony": _phantom,
    "turn_ended": lambda c, ev, who: f"{who}'s turn ends.",
    "round_ended": lambda c, ev, who: f"Round {ev.get('round')} ends.",
    "game_over": _game_over,
}


def describe(content: RttaContent, ev: Event) -> str:
    """A plain sentence for an event."""
    sentence = SENTENCES.get(ev.kind)
    if sentence is None:
        return f"{ev.kind.replace('_', ' ').capitalize()}: {dict(ev.facts)}."
    return sentence(content, ev, _who(ev.get("seat")))
