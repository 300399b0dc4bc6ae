"""The decision maths and the statistics: pure functions and objects over numbers, no database."""
