"""Applications on the binding: the ``kalends`` command (``python -m kalends``, a drop-in
for ``python -m calendar`` and more: kalends.app.cli), the pictures and texts it draws
(SVG, HTML, text, week and day time grids), the terminal calendar and event files.
They only draw and forward input: what a calendar, a view or a store decides comes from
the binding (kalends).
"""
