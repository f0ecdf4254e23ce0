# Each kernel file in aten/native/cpu/ is compiled once per CPU capability, with its own
# instruction-set flags and CPU_CAPABILITY naming the inline namespace its code lives in; the
# DispatchStub picks one at run time. The variants are one-line wrappers that #include the
# original, so editing the kernel rebuilds all three.
set(ATEN_CPU_CAPABILITY_FLAGS_AVX2 -mavx2 -mfma -mf16c)
set(ATEN_CPU_CAPABILITY_FLAGS_AVX512 -mavx512f -mavx512bw -mavx512vl -mavx512dq -mavx2 -mfma -mf16c)

function(aten_cpu_kernel_sources out_var)
  set(variants "")
  foreach(src IN LISTS ARGN)
    get_filename_component(name ${src} NAME_WE)
    set_source_files_properties(${src} PROPERTIES
      COMPILE_DEFINITIONS "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT")
    list(APPEND variants ${src})
    foreach(cap AVX2 AVX512)
      set(wrapper ${CMAKE_BINARY_DIR}/cpu_kernels/${name}.${cap}.cpp)
      file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${src}\"\n" @ONLY)
      set_source_files_properties(${wrapper} PROPERTIES
        COMPILE_DEFINITIONS "CPU_CAPABILITY=${cap};CPU_CAPABILITY_${cap}"
        COMPILE_OPTIONS "${ATEN_CPU_CAPABILITY_FLAGS_${cap}}")
      list(APPEND variants ${wrapper})
    endforeach()
  endforeach()
  set(${out_var} ${variants} PARENT_SCOPE)
endfunction()
