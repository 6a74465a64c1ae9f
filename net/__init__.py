"""LAN play and persistence: discovery, signed logs, shared dice, atomic files."""
