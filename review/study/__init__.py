"""The study: human scores and their statistics, decisions as answers arrive, the community's questions, the planner and the simulation."""
