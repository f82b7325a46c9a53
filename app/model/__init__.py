"""The model of the window: the state (what the learner chose), the controller that turns it into
frozen results with core, the results of the side pages, training runs and the saved settings."""
