"""Path puzzles (Roderick Kimball): the model, its text forms, its view and its generator."""
