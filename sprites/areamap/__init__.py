"""A generic area map: land provinces, islands and seas drawn from a geometry file written by
tools/author_mn_map.py (areas cut from real coastlines), tinted and dressed from a picture the
caller hands over. Nothing here names a rule set: adapters (e.g. sprites/mn/map_picture.py)
turn a game's view into an AreaPicture."""
