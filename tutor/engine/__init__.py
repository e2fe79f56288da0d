"""The engine core shared by every game: cards, ranking tables, tricks, settings, state.

Pure Python, standard library only; nothing here imports a UI module.
"""
