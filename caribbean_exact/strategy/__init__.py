"""Strategies: the optimal chart, simple strategies, rule files and the printed card.

``strategies`` (strategies as functions of a chart cell, the built-in simple ones, exact
evaluation), ``rule_file`` (the rule-file language), ``chart`` (the optimal strategy as rules plus a
grid), ``seen_chart`` (the one-seen-card chart's rules), ``simplify`` (the frontier of simplest
strategies, exactly priced) and ``strategy_card`` (what a printed strategy card holds).
"""
