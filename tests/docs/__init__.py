"""Tests of the README checks (tools/readme_blocks.py). Run from the repo root:

    python3 -m unittest discover -s tests/docs -t .
"""
