"""The engine: the one door to the compiled C core, where integer counts meet nets.

``_ffi`` is the only importer of ``_core`` (thin wrappers that check every status, nets as
``ScaledNets``), ``counts`` holds the core's integer results as plain library types, and
``pricing`` turns counts and a ``Rules`` into exact prices (the solver cache per qualifier, the
raise formula, return-table rows). The other doors to the core: ``deals`` (one situation),
``seen`` (the seen-card solves), ``sampler`` (sampled deals and table rounds, the one check of
the nets they take) and ``layout`` (the core's sizes). Every module outside this package that
needs the core goes through them; only the evaluator look-ups of ``model.hands`` and
``model.rules`` call ``_ffi`` directly (``tests/contract/test_architecture.py`` holds the list).
"""
