"""What one test needs where TVM is imported: inputs for its parameters, builds and runs."""
