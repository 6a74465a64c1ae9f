"""LAN play (protocol v2, docs/protocol.md): discovery, lobby, signed ledger, beacon, sealer.

Nothing here touches the disk directly: persistence goes through `net.files`."""
