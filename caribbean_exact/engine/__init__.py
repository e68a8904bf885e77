"""The engine: the one door to the compiled C core, where integer counts meet nets.

``_ffi`` is the only importer of ``_core`` (thin wrappers that check every status), ``counts``
holds the core's integer results as plain library types, and ``pricing`` turns counts and a
``Rules`` into exact prices (the solver cache per qualifier, the raise formula, return-table rows).
Every module outside this package that needs the core goes through ``pricing``.
"""
