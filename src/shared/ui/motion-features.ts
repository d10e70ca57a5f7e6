// framer-motion's animation features for `m` components, loaded by LazyMotion
// when the first one renders (./motion-kit.tsx): the largest part of the
// library, in a chunk of its own.
import { domAnimation } from 'framer-motion'

export default domAnimation
