"""Tests of the code generator (tools/codegen). Run from the repo root:

    python3 -m unittest discover -s tests/codegen -t .
"""
