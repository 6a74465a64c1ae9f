"""The scenario and map editors: a draft with undo and redo, its forms and its map."""
