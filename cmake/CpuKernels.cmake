# Each kernel file in aten/native/cpu/ with a vector path (Vectorized<T>, or the loops of
# Loops.h and Reduce.h, which the compiler vectorizes for the instruction set) is compiled once
# per CPU capability, with its own instruction-set flags and CPU_CAPABILITY naming the inline
# namespace its code lives in; the DispatchStub picks one at run time. The variants are one-line
# wrappers that #include the original, so editing the kernel rebuilds all three. A kernel file
# with none (plain scalar loops, memcpy) is compiled once, as CPU_CAPABILITY_ONE_BUILD, and
# serves every capability.
set(ATEN_CPU_CAPABILITY_FLAGS_AVX2 -mavx2 -mfma -mf16c)
set(ATEN_CPU_CAPABILITY_FLAGS_AVX512 -mavx512f -mavx512bw -mavx512vl -mavx512dq -mavx2 -mfma -mf16c)

#
# The list comes out as every DEFAULT object, then every AVX2 one, then every AVX512 one: an
# inline function (a std:: template, say) emitted by several objects is kept by the linker
# from the first, and that copy must not use instructions the CPU may lack.
function(aten_cpu_kernel_sources out_var)
  set(default_objects "")
  set(avx2_objects "")
  set(avx512_objects "")
  foreach(src IN LISTS ARGN)
    get_filename_component(name ${src} NAME_WE)
    file(STRINGS ${src} vector_path REGEX "Vectorized|vec::|cpu/Loops\\.h|cpu/Reduce\\.h")
    if(NOT vector_path)
      set_source_files_properties(${src} PROPERTIES
        COMPILE_DEFINITIONS "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT;CPU_CAPABILITY_ONE_BUILD")
      list(APPEND default_objects ${src})
      continue()
    endif()
    set_source_files_properties(${src} PROPERTIES
      COMPILE_DEFINITIONS "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT")
    list(APPEND default_objects ${src})
    foreach(cap AVX2 AVX512)
      set(wrapper ${CMAKE_BINARY_DIR}/cpu_kernels/${name}.${cap}.cpp)
      # Included by its path from the source root (an include directory of every target), not
      # an absolute one: the wrappers of two checkouts are then the same file, and ccache
      # reuses the objects of one for the other.
      file(RELATIVE_PATH relative ${CMAKE_SOURCE_DIR} ${src})
      file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${relative}\"\n" @ONLY)
      set_source_files_properties(${wrapper} PROPERTIES
        COMPILE_DEFINITIONS "CPU_CAPABILITY=${cap};CPU_CAPABILITY_${cap}"
        COMPILE_OPTIONS "${ATEN_CPU_CAPABILITY_FLAGS_${cap}}")
      string(TOLOWER ${cap} lower)
      list(APPEND ${lower}_objects ${wrapper})
    endforeach()
  endforeach()
  set(${out_var} ${default_objects} ${avx2_objects} ${avx512_objects} PARENT_SCOPE)
endfunction()
