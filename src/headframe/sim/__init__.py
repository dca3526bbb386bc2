"""The simulation lab: many games between agents, their results as JSON lines,
reports with honest error bars, and ladders."""
