"""The evolutionary fuzzing loop: the seed pool and the rounds that grow it."""
