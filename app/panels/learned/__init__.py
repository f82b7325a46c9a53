"""The parts of the Learned page: the model in use, its maps, the comparison, training."""
