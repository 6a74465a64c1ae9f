"""Everything that leaves the process, in two rooms: `net.files` (the disk: atomic storage,
the compiled-content cache, saved games) and `net.lan` (machines on the network)."""
