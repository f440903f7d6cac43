"""Tests of the platform: the store, the game service, the command line and start-up."""
