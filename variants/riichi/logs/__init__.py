"""Readers and writers of real formats: Tenhou winning-hand cases, mjlog XML, tenhou.net/6 JSON."""
