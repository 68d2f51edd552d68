"""One glue module per family: the Family value that ties its model, rules and grades together."""
