"""Learning interfaces: OpenSpiel games, and (in their issue) PettingZoo and
Gymnasium environments. They see the games only through the engine contract."""
