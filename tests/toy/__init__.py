"""A toy framework and toy backend plugins, installed into a temporary site folder by the tests."""
