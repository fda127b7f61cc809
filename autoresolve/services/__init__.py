"""The only writers of the auto-resolve app: requests and runs (``resolve``), their
results written into the game (``writing``), and predictions (``predictions``)."""
