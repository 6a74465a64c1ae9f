"""Sharing a host's own scenario with the machines of its lobby, without sockets: a joiner that
lacks it is offered it, receives it, checks it against the lobby's rules hash and keeps it
(marked with where it came from, beside its own scenarios); a tampered copy is refused and
nothing is written; oversize, malformed and other-version messages are refused by name; a
refusal leaves the lobby with a line to both sides; a joiner that has it is not asked."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.core.log import ENGINE_VERSION
from game.rulesets import get_ruleset
from net.files.storage import StorageError
from net.files.user_scenarios import ScenarioTexts, read_scenario, ruleset_of
from net.lan.admission import Table
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame, hello_body, open_frame
from net.lan.genesis import PROTOCOL
from net.lan.identity import Identity
from net.lan.lobby import HostLobby, JoinerLobby, Outgoing
from net.lan.received import SOURCE_FILE, Shelf, as_received
from net.lan.sharing import SHARE_LIMIT, SHARING_VERSION, lobby_table, read_scenario_body
from tests.net.files.user_helpers import book_setup, for_moved_map, moved_city_map, write_user

HOST, JO = Identity.from_seed(b"h" * 32), Identity.from_seed(b"j" * 32)
KEYS = {i.fingerprint: i.public_key for i in (HOST, JO)}
BASE = get_ruleset("mediterranean_empires").content_hash()
DAY = "2031-04-05"


def setup_text(ident: str = "punic_redux", name: str = "Punic Redux", moved: bool = False
               ) -> str:
    """A user scenario's scenario.yaml: the book's scenario 3 under another id and name."""
    data = book_setup(3, ident, name)
    return yaml.safe_dump(for_moved_map(data) if moved else data, sort_keys=False)


def texts_of(moved: bool = False, ident: str = "punic_redux") -> ScenarioTexts:
    """The files of that scenario (with a map variant of its own when `moved`)."""
    return ScenarioTexts(setup_text(ident, moved=moved), *(moved_city_map() if moved else ()))


def table_for(texts: ScenarioTexts) -> Table:
    """The table of a lobby of that scenario (what the host's service makes)."""
    ruleset = ruleset_of(texts)
    return lobby_table(ruleset, ruleset.user_setup.id)


class Room:
    """A host and one joiner, frames handed between them in order, with no sockets."""

    def __init__(self, table: Table, joiner: JoinerLobby) -> None:
        self.host = HostLobby(HOST, table, "Hana", "127.0.0.1:1")
        self.joiner = joiner
        body = hello_body(JO, protocol=PROTOCOL, engine=ENGINE_VERSION,
                          hashes={"mediterranean_empires": BASE}, name="Jo", address="j")
        self.deliver(self.host.welcome(self.open(encode_frame(JO, "HELLO", body))))

    @staticmethod
    def open(frame: bytes) -> Message:
        return open_frame(frame, KEYS.get)

    def deliver(self, outs: Outgoing) -> None:
        """The host's frames to the joiner and its answers back, until quiet."""
        queue = list(outs)
        while queue:
            _, frame = queue.pop(0)
            for answer in self.joiner.handle(self.open(frame)):
                queue += self.host.handle(self.open(answer))

    def send(self, frames: list[bytes]) -> None:
        """The joiner's frames to the host, and all that follows."""
        for frame in frames:
            self.deliver(self.host.handle(self.open(frame)))


def joiner(root: Path, auto: bool = False) -> JoinerLobby:
    """Jo's side, with its user scenarios in `root` (its person answers unless `auto`)."""
    return JoinerLobby(JO, "Jo", "127.0.0.1:2", 1 if auto else 0, "bot:random", auto=auto,
                       shelf=Shelf(root, lambda: DAY))


def test_a_joiner_that_lacks_the_scenario_receives_checks_and_keeps_it(tmp_path: Path) -> None:
    texts = texts_of(moved=True)
    table = table_for(texts)
    jo = joiner(tmp_path)
    room = Room(table, jo)
    share = jo.lobby["share"]
    assert share == {"name": "Punic Redux", "bytes": sum(
        len(t.encode()) for t in (texts.setup, texts.map, texts.layout) if t)}
    assert jo.lobby["lacking"] == [JO.fingerprint] and not room.host.holds(JO.fingerprint)
    offer = jo.taker.offer
    assert offer is not None and (offer.name, offer.host) == ("Punic Redux", "Hana")
    assert offer.rules_hash == table.rules_hash != BASE and not any(tmp_path.iterdir())
    with pytest.raises(Rejected) as why:
        room.host.assign(1, JO.fingerprint, "bot:random")
    assert why.value.reason == "lacks-scenario"
    room.send(jo.answer(True))
    folder = tmp_path / "punic_redux"
    kept = ScenarioTexts(*((folder / name).read_text() for name in
                           ("scenario.yaml", "map.yaml", "layout.yaml")))
    assert kept == texts and kept.bundle().content_hash == table.rules_hash
    source = yaml.safe_load((folder / SOURCE_FILE).read_text())
    assert source["received_from"] == {"name": "Hana", "fingerprint": HOST.fingerprint,
                                       "date": DAY}
    assert source["rules_hash"] == table.rules_hash and read_scenario(folder).playable
    assert [p.name for p in tmp_path.iterdir()] == ["punic_redux"]
    assert room.host.holds(JO.fingerprint) and jo.lobby["lacking"] == []
    room.deliver(room.host.assign(1, JO.fingerprint, "bot:random"))
    assert jo.mine() == (1,)


def test_an_automatic_joiner_receives_then_claims(tmp_path: Path) -> None:
    jo = joiner(tmp_path, auto=True)
    room = Room(table_for(texts_of()), jo)
    assert jo.mine() == (0,)
    assert (tmp_path / "punic_redux" / "scenario.yaml").is_file()
    assert room.host.seats[0].machine == JO.fingerprint and room.host.seats[0].ready


def test_a_joiner_that_has_the_scenario_is_not_asked(tmp_path: Path) -> None:
    texts = texts_of()
    write_user(tmp_path, "punic_redux", texts.setup)
    jo = joiner(tmp_path)
    room = Room(table_for(texts), jo)
    assert jo.taker.offer is None and not jo.taker.fetching
    assert room.host.holds(JO.fingerprint) and jo.lobby["lacking"] == []
    assert sorted(p.name for p in (tmp_path / "punic_redux").iterdir()) == ["scenario.yaml"]
    assert jo.taker.content == texts


def test_a_tampered_copy_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    honest = table_for(texts_of(moved=True))
    map_text = (honest.texts.map or "").replace("size: 1", "size: 2", 1)  # type: ignore[union-attr]
    tampered = Table(honest.ruleset, honest.rules_hash, honest.scenario, honest.seat_names,
                     honest.options, honest.base_hash,
                     ScenarioTexts(honest.texts.setup, map_text,  # type: ignore[union-attr]
                                   honest.texts.layout),  # type: ignore[union-attr]
                     honest.scenario_name)
    jo = joiner(tmp_path)
    room = Room(tampered, jo)
    room.send(jo.answer(True))
    assert jo.taker.failure is not None and jo.taker.failure.reason == "scenario-hash"
    assert jo.closed.startswith("the scenario sent does not give the lobby's rules hash (it "
                                "gives ") and jo.closed.endswith("nothing was kept")
    assert not any(tmp_path.iterdir())
    assert JO.fingerprint not in room.host.machines
    assert room.host.notice.startswith("Jo's machine left the lobby: the scenario sent does "
                                       "not give the lobby's rules hash")


def test_a_refusal_leaves_the_lobby_with_a_line_to_both_sides(tmp_path: Path) -> None:
    jo = joiner(tmp_path)
    room = Room(table_for(texts_of()), jo)
    room.send(jo.answer(False))
    assert jo.closed == "you refused Punic Redux, the scenario the lobby plays, and left it"
    assert room.host.notice == "Jo's machine refused Punic Redux and left the lobby"
    assert JO.fingerprint not in room.host.machines and not any(tmp_path.iterdir())
    assert jo.handle(Room.open(encode_frame(HOST, "LOBBY", room.host.lobby_body()))) == []


def test_an_automatic_joiner_told_not_to_receive_refuses(tmp_path: Path) -> None:
    jo = JoinerLobby(JO, "Jo", "j", 1, "bot:random", shelf=Shelf(tmp_path), receive=False)
    room = Room(table_for(texts_of()), jo)
    assert jo.closed.startswith("you refused Punic Redux") and room.host.open_seats() == [0, 1, 2]


def _scenario_frame(body: dict[str, object]) -> Message:
    return Room.open(encode_frame(HOST, "SCENARIO", body))


@pytest.mark.parametrize(("change", "reason"), [
    ({"v": SHARING_VERSION + 1}, "scenario-version"),
    ({"files": {"scenario.yaml": "x" * (SHARE_LIMIT + 1)}}, "scenario-size"),
    ({"files": {"scenario.yaml": 3}}, "scenario-malformed"),
    ({"files": {"../evil.yaml": "x", "scenario.yaml": "x"}}, "scenario-malformed"),
    ({"files": ["scenario.yaml"]}, "scenario-malformed"),
    ({"name": None}, "scenario-malformed"),
])
def test_a_bad_scenario_message_is_refused_by_name_and_nothing_is_kept(
        tmp_path: Path, change: dict[str, object], reason: str) -> None:
    table = table_for(texts_of())
    jo = joiner(tmp_path)
    room = Room(table, jo)
    room.host.handle(Room.open(jo.answer(True)[0]))  # the honest answer is not delivered
    body = {"v": SHARING_VERSION, "rules_hash": table.rules_hash, "scenario": table.scenario,
            "name": "Punic Redux", "files": {"scenario.yaml": texts_of().setup}, **change}
    with pytest.raises(Rejected) as why:
        read_scenario_body(body)
    assert why.value.reason == reason
    leave = jo.handle(_scenario_frame(body))
    assert jo.taker.failure is not None and jo.taker.failure.reason == reason
    assert Room.open(leave[0]).type == "LEAVE" and jo.closed
    assert not any(tmp_path.iterdir())


def test_a_scenario_never_asked_for_or_of_an_older_table_is_ignored(tmp_path: Path) -> None:
    first, second = table_for(texts_of()), table_for(texts_of(ident="other_war"))
    jo = joiner(tmp_path)
    room = Room(first, jo)
    assert jo.handle(_scenario_frame({"v": 1})) == [] and jo.taker.failure is None
    answer = jo.answer(True)
    room.deliver(room.host.set_table(second))
    room.deliver(room.host.handle(Room.open(answer[0])))  # the host sends nothing: stale
    assert not any(tmp_path.iterdir()) and jo.taker.offer is not None
    assert jo.taker.offer.scenario == "other_war" and not jo.closed


def test_a_received_scenario_whose_id_is_taken_goes_beside_it_renamed(tmp_path: Path) -> None:
    write_user(tmp_path, "punic_redux", setup_text(name="My Own Punic War"))
    texts = texts_of()
    jo = joiner(tmp_path)
    room = Room(table_for(texts), jo)
    room.send(jo.answer(True))
    folder = tmp_path / "punic_redux_2"
    assert read_scenario(folder).playable and read_scenario(folder).name == "Punic Redux"
    assert (folder / "scenario.yaml").read_text().startswith("id: punic_redux_2\n")
    assert yaml.safe_load((folder / SOURCE_FILE).read_text())["id_line"] == "id: punic_redux"
    kept = as_received(folder)
    assert kept is not None and kept[:2] == ("punic_redux", room.host.table.rules_hash)
    assert kept[2] == texts
    assert Shelf(tmp_path).find("punic_redux", room.host.table.rules_hash) == texts
    assert room.host.table.rules_hash in Shelf(tmp_path).hashes()
    assert read_scenario(tmp_path / "punic_redux").name == "My Own Punic War"


def test_a_copy_that_cannot_be_written_leaves_nothing_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: object, data: bytes) -> None:
        raise StorageError(f"cannot write {path}: the disk is full", "the disk is full")

    monkeypatch.setattr("net.lan.received.write_atomic", full)  # source.yaml, written last
    jo = joiner(tmp_path)
    room = Room(table_for(texts_of()), jo)
    room.send(jo.answer(True))
    assert jo.taker.failure is not None and jo.taker.failure.reason == "scenario-keep"
    assert jo.closed == "the scenario received could not be kept: the disk is full"
    assert list(tmp_path.iterdir()) == []


def test_a_claim_for_a_table_the_joiner_lacks_is_denied_without_a_false_notice(
        tmp_path: Path) -> None:
    first, second = table_for(texts_of()), table_for(texts_of(ident="other_war"))
    write_user(tmp_path, "punic_redux", first.texts.setup)  # type: ignore[union-attr]
    jo = joiner(tmp_path)
    room = Room(first, jo)
    claim = jo.claim(1, "Jo")
    room.deliver(room.host.set_table(second))
    room.send([claim])
    assert room.host.open_seats() == [0, 1, 2] and jo.lobby["denied"] == 1
    assert jo.notice == "" and jo.taker.offer is not None
