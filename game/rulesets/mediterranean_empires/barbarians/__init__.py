"""Barbarian areas (rule 7): `areas` (markers and dice), `subduing` (the Subduing table and
subduing by card) and `attacks` (areas set on cities, and the cards that do it).

Nothing is re-exported here: the expedition imports `areas` and `subduing`, while `attacks`
imports the expedition, so this package must not import its modules itself.
"""
