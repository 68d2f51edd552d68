"""One subpackage per puzzle family: its model, text forms, view (picture and terminal drawing)
and generator; the shared generator loop (``generating``), the step picture value
(``picture``) and the terminal grid drawing (``drawing``) beside them."""
