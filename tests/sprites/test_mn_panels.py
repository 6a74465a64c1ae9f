"""The Mare Nostrum table's panels drawn on their own: the leader board with a marker on its
'+' side, the trade table (only glowing offers take a click; face-down offers show backs, the
viewer's own faces; every token named, with who claimed it), the battle dialog of the facts
file's example 15, the display and the empire screen; the view's battle reports, battle
forces, payment picks and trireme chains."""

from __future__ import annotations

import pygame

from game.rulesets.mare_nostrum.content import load_content
from sprites.mn.battle import BattleShow, SideShow, draw_battle
from sprites.mn.board import empire_colour
from sprites.mn.display import TileShow, draw_display, power
from sprites.mn.leaders import draw_leaders
from sprites.mn.screen import draw_own
from sprites.mn.trade import OfferShow, TradeShow, draw_trade, headline
from sprites.rtta.look import Scale
from tests.sprites.mn_pilot import said

__all__ = ["said"]
EMPIRES = ("rome", "greece", "babylon", "egypt", "carthage")
U = Scale((1366, 768))


def _colour(seat: int) -> tuple[int, int, int]:
    return empire_colour(EMPIRES[seat])


def _surface() -> pygame.Surface:
    return pygame.Surface((1366, 768))


def test_the_leader_board_puts_a_marker_past_xv_on_its_plus_side(display: pygame.Surface,
                                                                 said: list[str]) -> None:
    levels = [dict(trade=7, culture=1, military=18)] + [dict(trade=4, culture=4,
                                                              military=3)] * 4
    y = draw_leaders(_surface(), U, pygame.Rect(10, 10, 500, 300), levels,
                         {"trade": 4, "culture": 3, "military": 0}, _colour, EMPIRES)
    assert y < 310
    assert {"+", "Leader: Carthage", "Leader: Egypt", "Leader: Rome"} <= set(said)


def test_the_trade_table_names_every_token_and_who_claimed_it(display: pygame.Surface,
                                                               said: list[str]) -> None:
    table = TradeShow(1, 4, 1, None, (
        OfferShow(0, "rome", "open", ("grain",), taken=(("wine", 4),)),
        OfferShow(4, "carthage", "open", ("legendary:oil",))))
    draw_trade(_surface(), U, pygame.Rect(0, 0, 900, 700), table, EMPIRES, _colour, set())
    assert {"Grain", "to Carthage", "Legendary Oil"} <= set(said)
    waiting = TradeShow(None, 4, None, None, (OfferShow(0, "rome", "marker"),))
    draw_trade(_surface(), U, pygame.Rect(0, 0, 900, 700), waiting, EMPIRES, _colour, set())
    assert "waits for the Exchange Marker" in said
    assert headline(waiting, EMPIRES).startswith("Carthage, the Trade Leader, plays an "
                                                 "Exchange Marker")


def test_the_trade_table_answers_only_glowing_offers(display: pygame.Surface) -> None:
    table = TradeShow(3, 4, 1, 0, (
        OfferShow(0, "rome", "open", ("grain",), taken=(("coin", 1),)),
        OfferShow(1, "greece", "open", ("oil",)), OfferShow(2, "babylon", "out"),
        OfferShow(3, "egypt", "open", ("gold",)), OfferShow(4, "carthage", "open", ("wood",))))
    zones, _ = draw_trade(_surface(), U, pygame.Rect(0, 0, 900, 700), table, EMPIRES, _colour,
                       {"offer:3:gold", "offer:4:wood"})
    assert set(zones) == {"offer:3:gold", "offer:4:wood"}
    assert headline(table, EMPIRES) == ("Carthage played 3: each empire offers 3 · Greece "
                                        "claims next · not from Rome again")


def test_face_down_offers_show_backs_and_the_viewer_its_own(display: pygame.Surface,
                                                             said: list[str]) -> None:
    table = TradeShow(2, 4, None, None, (
        OfferShow(0, "rome", "sealed", ("grain", "wine")), OfferShow(1, "greece", "sealed",
                                                                     (), 2),
        OfferShow(2, "babylon", "waiting")))
    draw_trade(_surface(), U, pygame.Rect(0, 0, 900, 700), table, EMPIRES, _colour, set())
    assert "face down — only you see these" in said
    assert "choosing an offer…" in said and "Gr" in said


def test_the_battle_of_example_15(display: pygame.Surface, said: list[str]) -> None:
    battle = BattleShow("Cyrenaica", False, (
        SideShow(0, "rome", (5, 4, 3), (("from heroes and the fortress", 3),), 15, 3, 0, 1),
        SideShow(3, "egypt", (3,), (("from heroes and the fortress", 5),), 8, 1, 1, 2)))
    draw_battle(_surface(), U, pygame.Rect(0, 0, 1000, 700), battle, _colour)
    assert {"V", "IV", "III", "Total 15 ÷ 5 = 3 hits", "Total 8 ÷ 5 = 1 hit",
            "Loses 2 legions"} <= set(said)


def test_the_display_and_the_screen(display: pygame.Surface, said: list[str]) -> None:
    content = load_content()
    tiles = [TileShow(t.id, t.name, t.kind, t.id != "circe", None, "") for t in content.tiles
             if not t.starting_for]
    assert len(tiles) == 18 and all(power(t.id) for t in content.tiles)
    zones = draw_display(_surface(), U, pygame.Rect(0, 0, 800, 300), tiles, "7", _colour)
    assert len(zones) == 18 and "tile:pyramids" in zones
    own = draw_own(_surface(), U, pygame.Rect(0, 0, 600, 150), "Behind Rome's screen",
                   ["coin", "coin", "grain", "legendary:wine"], {"res:grain"})
    assert set(own) == {"res:coin", "res:grain", "res:legendary:wine"}


def test_a_march_through_triremes_lights_the_chain_of_seas() -> None:
    from game.core.actions import act
    from game.rulesets.mare_nostrum.content import load_content
    from sprites.mn.shows import trireme_chains

    content = load_content()
    seas = [{"id": sea.id, "triremes": [1 if sea.id == "mare_ionium" else 0, 0, 0]}
            for sea in content.seas]
    view = {"seas": seas}
    over_sea = act("march", province="italia", to="achaea")
    by_land = act("march", province="italia", to="cisalpina")
    assert trireme_chains(view, content, 0, (over_sea, by_land)) == {"mare_ionium"}
    assert trireme_chains(view, content, 0, (by_land,)) == set()
    assert trireme_chains(view, content, None, (over_sea,)) == set()


def _moving(active: int, step: str, battle: str | None = None,
            conquests: tuple[str, ...] = ()) -> dict[str, object]:
    fighting = None if battle is None else {"place": battle}
    return {"phase": "move", "move": {"active": active, "step": step, "battle": fighting,
                                      "conquests": list(conquests)}}


def test_a_battle_report_stays_only_while_it_explains_the_decision() -> None:
    from sprites.mn.shows import battle_belongs

    side = SideShow(1, "greece", (3,), (), 3, 0, 0, 0)
    at_sea = BattleShow("Mare Tyrrhenum", True, (side, side), "mare_tyrrhenum")
    on_land = BattleShow("Gallia Cisalpina", False, (side, side), "cisalpina")
    assert battle_belongs(_moving(1, "sea_battles", "mare_tyrrhenum"), at_sea, False)
    assert battle_belongs(_moving(1, "sea_battles"), at_sea, True)
    assert battle_belongs(_moving(1, "legions"), at_sea, True)
    assert not battle_belongs(_moving(1, "legions"), at_sea, False)
    assert not battle_belongs(_moving(1, "conquest", None, ("cisalpina",)), at_sea, False)
    assert not battle_belongs(_moving(1, "conquest", None, ("cisalpina",)), at_sea, True)
    assert not battle_belongs(_moving(1, "sea_battles", "mare_ligusticum"), at_sea, True)
    assert battle_belongs(_moving(1, "conquest", None, ("cisalpina",)), on_land, False)
    assert not battle_belongs(_moving(1, "conquest", None, ("italia", "cisalpina")),
                              on_land, True)
    assert not battle_belongs(_moving(2, "triremes"), on_land, True)
    assert not battle_belongs({"phase": "leadership", "move": _moving(1, "")["move"]},
                              on_land, True)


def test_a_battle_button_counts_both_sides_and_a_payment_hides_what_it_picked() -> None:
    from game.core.actions import act
    from sprites.mn.shows import battle_place, forces, picked

    provinces = [{"id": "africa", "legions": [2, 0, 1], "fortress": 2}]
    seas = [{"id": "mare_africum", "triremes": [1, 0, 3]}]
    view = {"provinces": provinces, "seas": seas, "seat": 0,
            "build": {"active": 0, "payment": {"item": "legion", "picked": ["grain"]}}}
    on_land, at_sea = act("battle", province="africa", against=2), \
        act("battle", sea="mare_africum", against=2)
    assert battle_place(on_land) == "africa" and battle_place(act("done")) == ""
    assert forces(view, on_land, 0) == (2, 2) and forces(view, at_sea, 0) == (1, 3)
    assert picked(view) == ("grain",) and picked({**view, "seat": 1}) == ()
