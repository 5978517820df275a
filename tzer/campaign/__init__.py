"""The campaign folder: corpus, findings, statistics and the state that --resume needs."""
