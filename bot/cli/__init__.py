"""Offline tools: the demo and the benchmark (they use play/ and store/)."""
