"""`mare lan`: LAN games from the command line, every seat of this machine played by bots.

host, join, list and spectate; each player and spectator prints `final-hash <hex>` at the end.
A player prints `listening on HOST:PORT` at once (what `spectate --address` takes) and
`game <id>` when its game starts (what `join --resume` takes after a crash or an adjournment).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rulesets import entry
from game.session import make_config, player_specs, scenario_info
from tools.cli_args import UsageError, count, file_path

if TYPE_CHECKING:
    from net.lan.node import Result, Settings
    from net.lan.play import Options

SERVICE_TYPE = "_mareinternum._tcp.local."
"""The zeroconf service type (net.lan.discovery.SERVICE_TYPE; kept here so `mare --help`
does not load the network stack)."""


def add_lan_commands(commands: argparse._SubParsersAction) -> None:
    """Register `mare lan` and its subcommands."""
    lan = commands.add_parser("lan", help="play over the LAN (headless, with bots)",
                              description="LAN games: machines find each other with zeroconf, "
                                          "sign every entry and roll shared dice.")
    sub = lan.add_subparsers(dest="lan_command", metavar="SUBCOMMAND")
    sub.required = True
    _host_parser(sub)
    _join_parser(sub)
    _list_parser(sub)
    _spectate_parser(sub)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--interface", metavar="ADDR",
                        help="the IPv4 address to use (default: every suitable interface)")
    parser.add_argument("--advertise", metavar="HOST:PORT", default="",
                        help="the address the other machines are to dial (default: the "
                             "interface and the listening port; for a forwarded port)")
    parser.add_argument("--ledger", metavar="FILE", type=file_path,
                        help="where to write the game's ledger (default: the game's folder)")
    parser.add_argument("--name", default="", help="this machine's player name")
    parser.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)
    parser.add_argument("--wait-timeout", type=count(1, 86_400), default=120,
                        help="seconds to wait for an absent machine before --on-timeout")
    parser.add_argument("--on-timeout", choices=("adjourn", "abandon"), default="adjourn",
                        help="adjourn (saved, resumable) or end the game as abandoned")
    parser.add_argument("--verbose", action="store_true", help="print every event")


def _players(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", default="random", help="the bots of this machine's seats "
                                                         "(default: random)")
    parser.add_argument("--seats", type=count(1, 8), default=1,
                        help="how many seats this machine plays (default 1)")


def _host_parser(sub: argparse._SubParsersAction) -> None:
    host = sub.add_parser("host", help="advertise a lobby and play",
                          description="Advertise a lobby, play this machine's seats with bots, "
                                      "start when every seat is claimed, play to the end.")
    host.add_argument("--lobby", required=True, help="the lobby's name")
    host.add_argument("--scenario", required=True,
                      help="scenario number or id (or the id of one of your own scenarios: "
                           "joiners who lack it are sent it)")
    host.add_argument("--ruleset", default="mediterranean-empires", help="rule set id")
    host.add_argument("--players", type=count(1, 8),
                      help="seats in all, where the scenario leaves the count open")
    _players(host)
    _common(host)
    host.set_defaults(run=_run_host)


def _join_parser(sub: argparse._SubParsersAction) -> None:
    join = sub.add_parser("join", help="join a lobby and play",
                          description="Join a lobby (by name or address), play this machine's "
                                      "seats with bots; --resume rejoins a game after a crash.")
    where = join.add_mutually_exclusive_group(required=True)
    where.add_argument("--lobby", help="the lobby's name (found with zeroconf)")
    where.add_argument("--address", metavar="HOST:PORT", help="the host's address")
    where.add_argument("--resume", metavar="GAME_ID", help="rejoin a game this machine played")
    join.add_argument("--refuse-scenarios", action="store_true",
                      help="leave a lobby of a scenario this machine lacks rather than "
                           "receive it from the host")
    _players(join)
    _common(join)
    join.set_defaults(run=_run_join)


def _list_parser(sub: argparse._SubParsersAction) -> None:
    listing = sub.add_parser("list", help="print the lobbies seen on the LAN")
    listing.add_argument("--wait", type=count(1, 60), default=2,
                         help="seconds to listen (default 2)")
    listing.add_argument("--interface", metavar="ADDR", help="the IPv4 address to use")
    listing.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)
    listing.set_defaults(run=_run_list)


def _spectate_parser(sub: argparse._SubParsersAction) -> None:
    watch = sub.add_parser("spectate", help="follow a game's public view")
    where = watch.add_mutually_exclusive_group(required=True)
    where.add_argument("--lobby", help="the game's lobby name")
    where.add_argument("--address", metavar="HOST:PORT", help="a playing machine's address")
    watch.add_argument("--interface", metavar="ADDR", help="the IPv4 address to use")
    watch.add_argument("--service-type", default=SERVICE_TYPE, help=argparse.SUPPRESS)
    watch.set_defaults(run=_run_spectate)


def _interfaces(args: argparse.Namespace) -> list[str]:
    from net.lan.discovery import lan_interfaces

    found = lan_interfaces(args.interface)
    if not found:
        raise UsageError("--interface: no suitable IPv4 interface (give one with --interface)")
    return found


def _settings(args: argparse.Namespace, **more: Any) -> Settings:
    """Every suitable interface by default (links taken on all of them, the first one named
    in the genesis), or the one --interface names."""
    from net.lan.node import Settings

    found = _interfaces(args)
    listen = found[0] if args.interface else "0.0.0.0"
    return Settings(found[0], interfaces=tuple(found), listen=listen, **more)


def _options(args: argparse.Namespace, ruleset_id: str | None) -> Options:
    from net.lan.identity import Identity
    from net.lan.play import Options

    identity = Identity.load_or_create()
    bot = f"bot:{args.bot.removeprefix('bot:')}"
    if ruleset_id is not None and bot not in player_specs(ruleset_id):
        raise UsageError(f"--bot: {ruleset_id} has no bot {args.bot!r}")
    settings = _settings(args, wait_timeout=float(args.wait_timeout),
                         on_timeout=args.on_timeout, verbose=args.verbose,
                         address=_advertised(args.advertise))
    name = args.name or f"machine {identity.fingerprint[:6]}"
    return Options(identity, name, args.seats, bot, settings,
                   Path(args.ledger) if args.ledger else None, args.service_type,
                   receive=not getattr(args, "refuse_scenarios", False))


def _advertised(address: str) -> str:
    host, _, port = address.rpartition(":")
    if address and not (host and port.isdigit() and 0 < int(port) < 65536):
        raise UsageError(f"--advertise: {address!r} is not HOST:PORT")
    return address


def _run_host(args: argparse.Namespace) -> int:
    from net.files.user_scenarios import user_scenarios_folder
    from net.lan.identity import fingerprint_display
    from net.lan.play import async_host
    from net.lan.sharing import hostable_ruleset, lobby_table

    ruleset = hostable_ruleset(args.ruleset, args.scenario, user_scenarios_folder())
    info = scenario_info(ruleset, args.scenario)
    config = make_config(ruleset, info.id, b"\x00" * 16, seats=args.players)
    if args.seats > len(config.seats):
        raise UsageError(f"--seats: {info.name} has {len(config.seats)} seats")
    table = lobby_table(ruleset, info.id, seats=args.players)
    options = _options(args, ruleset.id)
    machine = fingerprint_display(options.identity.fingerprint)
    print(f"lobby {args.lobby!r}: {entry(ruleset.id).title}, {info.name}, "
          f"{len(config.seats)} seats; this machine {machine}", flush=True)
    return _report(asyncio.run(async_host(options, table, args.lobby)))


def _run_join(args: argparse.Namespace) -> int:
    from net.lan.play import async_join, async_resume

    options = _options(args, None)
    if args.resume:
        try:
            game_id = bytes.fromhex(args.resume)
        except ValueError:
            raise UsageError(f"--resume: {args.resume!r} is not a game id") from None
        return _report(asyncio.run(async_resume(options, game_id)))
    return _report(asyncio.run(async_join(options, args.address, args.lobby)))


def _run_list(args: argparse.Namespace) -> int:
    from net.lan.discovery import list_lobbies
    from net.lan.identity import fingerprint_display

    ads = list_lobbies(float(args.wait), args.interface, args.service_type)
    for ad in ads:
        print(f"{ad.name}\t{fingerprint_display(ad.fingerprint)}\t{ad.ruleset}\t{ad.scenario}\t"
              f"{ad.open_seats} open\t{ad.status}\t{ad.address}:{ad.port}")
    if not ads:
        print("no lobbies seen")
    return 0


def _run_spectate(args: argparse.Namespace) -> int:
    from net.lan.identity import Identity
    from net.lan.play import Options, async_spectate

    identity = Identity.ephemeral()
    options = Options(identity, "spectator", settings=_settings(args),
                      service_type=args.service_type)
    target = args.address or _lobby_address(args)
    return _report(asyncio.run(async_spectate(options, target)))


def _lobby_address(args: argparse.Namespace) -> str:
    from net.lan.discovery import list_lobbies

    for ad in list_lobbies(3.0, args.interface, args.service_type):
        if ad.name == args.lobby:
            return f"{ad.address}:{ad.port}"
    raise UsageError(f"--lobby: no lobby named {args.lobby!r} is seen")


def _report(result: Result) -> int:
    for line in result.lines:
        print(line)
    print(f"status {result.status}")
    print(f"final-hash {result.final_hash}")
    return 0 if result.status == "over" else 1
