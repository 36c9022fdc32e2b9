"""The game catalogue: which games there are, their players, options, actions and rulings."""
