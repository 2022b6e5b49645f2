"""Compile-side target: vm.module to module file, evaluated count regions, import declarations."""
