"""Players of simulated games: the simple agents, the engine-backed players (with the pimc
baseline and the inference about a hidden hand), bots in any language (exec:), the engine
opponent of `briscola play` and the duplicate-match runner.

Importing the package registers every agent name, so ``get_agent("engine:0.1")`` works
wherever solver.players (or any module in it) is imported.
"""

from solver.players import agents, engine_agent, external  # noqa: F401 - imported to register their names
