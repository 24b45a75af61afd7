# lit configuration of the @NAME@ target's tests: the installed Loom tools
# with the target's plugin loaded, FileCheck from LLVM 15. The parameters
# come from CMakeLists.txt (add_test @NAME@-lit).
import os
import lit.formats

config.name = "@NAME@"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cl", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params["exec_root"]

loom_bin = lit_config.params["loom_bin_dir"]
plugin = lit_config.params["plugin"]
for tool in ["loom-opt", "loomc"]:
    command = "%s --load=%s" % (os.path.join(loom_bin, tool), plugin)
    config.substitutions.append(("%" + tool, command))
config.environment["PATH"] = os.pathsep.join(
    [lit_config.params["llvm_bin_dir"], os.environ["PATH"]])
