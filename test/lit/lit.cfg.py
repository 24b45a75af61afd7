# lit configuration for Loom's lit tests: loom-opt, loomc and loom-run with
# FileCheck, one file per behaviour.
import os
import lit.formats

config.name = "Loom"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cl", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loom_tools_dir, "..", "test", "lit")

for tool in ["loom-opt-testing", "loom-opt", "loomc", "loom-run"]:
    config.substitutions.append((r"\b%s\b(?!-)" % tool, os.path.join(config.loom_tools_dir, tool)))
for tool in ["FileCheck", "not", "llvm-readelf", "llvm-objdump"]:
    config.substitutions.append((r"\b%s\b" % tool, os.path.join(config.llvm_tools_dir, tool)))
config.substitutions.append(("%loom_src", config.loom_source_dir))
config.substitutions.append(("%python", "python3"))
