"""A host's own scenario as the other machines see it before and after they have it: the lobby
listing says it will be sent (not "other rules content"), its advert keeps to the TXT limit,
and a LAN game of it finds its content again by rules hash — the player's folder, a received
copy (renamed or not) — or says in one line why it cannot."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.content.user import UserRuleset
from net.files.user_scenarios import ScenarioTexts
from net.lan.discovery import TXT_LIMIT, LobbyAd, lobby_from_info, service_info
from net.lan.errors import LanError
from net.lan.genesis import PROTOCOL, Genesis
from net.lan.play import engine_line, installed_hashes
from net.lan.received import Origin, Shelf, game_ruleset
from net.lan.sharing import SharedScenario, hostable_ruleset
from net.lan.views import listing, shared_note
from tests.net.files.user_helpers import write_user
from tests.net.lan.test_sharing import setup_text, texts_of

OURS = installed_hashes()
ME = "mediterranean_empires"


def genesis_of(texts: ScenarioTexts, scenario: str = "punic_redux") -> Genesis:
    """A genesis naming a user scenario (only what finding its content reads)."""
    return Genesis(ME, texts.bundle().content_hash, scenario, (), (), ())


def shared(texts: ScenarioTexts) -> SharedScenario:
    return SharedScenario("punic_redux", "Punic Redux", texts.bundle().content_hash, texts)


def ad_of(texts: ScenarioTexts, **change: object) -> LobbyAd:
    ad = LobbyAd("Friday", "Hana", "a" * 32, PROTOCOL, ME, texts.bundle().content_hash[:8],
                 "punic_redux", 2, "lobby", "", 3, "127.0.0.1", 40123, engine_line(), True,
                 "Punic Redux")
    return replace(ad, **change)  # type: ignore[arg-type]


def test_a_game_of_a_book_scenario_is_played_on_the_bundled_rules(tmp_path: Path) -> None:
    genesis = Genesis(ME, OURS[ME], "second_punic_war", (), (), ())
    assert game_ruleset(genesis, tmp_path) is get_ruleset(ME)


def test_a_game_finds_its_scenario_in_the_folder_or_as_received(tmp_path: Path) -> None:
    texts = texts_of(moved=True)
    genesis = genesis_of(texts)
    with pytest.raises(LanError, match="'punic_redux', which is no longer in"):
        game_ruleset(genesis, tmp_path)
    write_user(tmp_path, "punic_redux", setup_text(name="Not the one"))
    with pytest.raises(LanError, match="is not what it was when the game began"):
        game_ruleset(genesis, tmp_path)
    Shelf(tmp_path, lambda: "2031-04-05").keep(shared(texts), Origin("Hana", "f" * 32))
    found = game_ruleset(genesis, tmp_path)
    assert isinstance(found, UserRuleset) and found.content_hash() == genesis.rules_hash
    assert found.user_setup.id == "punic_redux" and "ostia" in found.rules.content.map.node_ids
    assert game_ruleset(genesis, tmp_path / "elsewhere", texts) is found


def test_an_edited_received_copy_no_longer_opens_the_games_played_on_it(
        tmp_path: Path) -> None:
    texts = texts_of()
    write_user(tmp_path, "punic_redux", setup_text(name="Mine"))
    folder = Shelf(tmp_path).keep(shared(texts), Origin("Hana", "f" * 32))
    assert folder == tmp_path / "punic_redux_2"
    assert Shelf(tmp_path).holds("punic_redux", texts.bundle().content_hash)
    scenario = folder / "scenario.yaml"
    scenario.write_text(scenario.read_text().replace("Punic Redux", "Punic Redux, edited"))
    assert not Shelf(tmp_path).holds("punic_redux", texts.bundle().content_hash)
    with pytest.raises(LanError, match="not what it was"):
        game_ruleset(genesis_of(texts), tmp_path)


def test_keeping_a_scenario_already_here_writes_nothing(tmp_path: Path) -> None:
    texts = texts_of()
    write_user(tmp_path, "punic_redux", texts.setup)
    assert Shelf(tmp_path).keep(shared(texts), Origin("Hana", "f" * 32)) is None
    assert [p.name for p in (tmp_path / "punic_redux").iterdir()] == ["scenario.yaml"]
    assert Shelf(tmp_path).hashes() == {texts.bundle().content_hash}


def test_a_host_may_open_a_lobby_of_its_playable_scenarios_only(tmp_path: Path) -> None:
    write_user(tmp_path, "punic_redux", texts_of().setup)
    write_user(tmp_path, "drafty", "draft: true\n" + setup_text("drafty"))
    assert hostable_ruleset(ME, "3", tmp_path) is get_ruleset(ME)
    assert isinstance(hostable_ruleset(ME, "punic_redux", tmp_path), UserRuleset)
    for scenario, words in (("drafty", "is a draft"), ("nowhere", "has no scenario"),
                            ("../punic_redux", "has no scenario")):
        with pytest.raises(LanError, match=words):
            hostable_ruleset(ME, scenario, tmp_path)


def test_the_listing_says_a_scenario_will_be_sent_unless_it_is_here() -> None:
    texts = texts_of()
    shown = listing(ad_of(texts), OURS)
    assert shown.why_not == "" and shown.scenario_name == "Punic Redux"
    assert shown.note == ("uses Punic Redux, a scenario you don't have — it will be sent "
                          "to you")
    assert listing(ad_of(texts), OURS, frozenset({texts.bundle().content_hash})).note == ""
    playing = listing(ad_of(texts, status="playing"), OURS)
    assert playing.why_not == "started" and playing.note == shown.note
    book = listing(ad_of(texts, user=False, scenario="second_punic_war"), OURS)
    assert book.why_not.startswith("other rules content") and book.note == ""
    assert shared_note(ad_of(texts, ruleset="toy"), frozenset()) == ""


def test_a_user_scenario_advert_keeps_to_the_txt_limit_and_reads_back() -> None:
    texts = texts_of()
    long_id = "a" * 48
    ad = ad_of(texts, scenario=long_id, status="playing", game_id="b" * 32, rev=10 ** 17,
               name="N" * 80, host="H" * 80, scenario_name="S" * 80)
    info = service_info(ad)
    assert sum(1 + len(k) + 1 + len(v or b"") for k, v in info.properties.items()) <= TXT_LIMIT
    back = lobby_from_info(info)
    assert back is not None and back.user and back.scenario == long_id[:16]
    assert set(back.scenario_name) == {"S"}
    plain = lobby_from_info(service_info(ad_of(texts, user=False, scenario_name="")))
    assert plain is not None and not plain.user and plain.scenario_name == ""


def test_a_book_scenario_is_never_found_among_the_players_own(tmp_path: Path) -> None:
    assert not Shelf(tmp_path).holds("second_punic_war", OURS[ME])
