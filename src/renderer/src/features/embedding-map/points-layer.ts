/**
 * The map's points as one deck.gl layer of GL points (one vertex per point, a round sprite
 * cut in the fragment shader), in place of deck.gl's ScatterplotLayer, which draws each
 * point as an instanced quad through a much longer vertex shader. Without a GPU (Chromium's
 * SwiftShader, as on CI) the ScatterplotLayer took 4 to 6 s to draw 100,000 points and this
 * layer 0.2 to 0.7 s, measured side by side on this machine. A point's size is in CSS
 * pixels whatever the zoom; `ring` draws only its outline, for chosen points. Picking is
 * not done here (no picking pass): the map finds the point under the pointer itself
 * (./point-grid.ts).
 */
import { Layer, project32, type DefaultProps } from '@deck.gl/core'
import { Model } from '@luma.gl/engine'

const uniformBlock = `\
layout(std140) uniform mapPointsUniforms {
  float pointSize;
  float ring;
} mapPoints;
`

const mapPointsUniforms = {
  name: 'mapPoints',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { pointSize: 'f32', ring: 'f32' }
} as const

const vs = `\
#version 300 es
#define SHADER_NAME map-points-vertex-shader
in vec2 positions;
in vec4 colors;
out vec4 vColor;
void main(void) {
  geometry.worldPosition = vec3(positions, 0.0);
  gl_Position = project_position_to_clipspace(vec3(positions, 0.0), vec3(0.0), vec3(0.0), geometry.position);
  gl_PointSize = mapPoints.pointSize;
  vColor = colors;
}
`

// Distance from the sprite's centre in pixels; the edge fades over one pixel, and a ring keeps its outer 1.5 pixels.
const fs = `\
#version 300 es
#define SHADER_NAME map-points-fragment-shader
precision highp float;
in vec4 vColor;
out vec4 fragColor;
void main(void) {
  float radius = mapPoints.pointSize / 2.0;
  float distance = length(gl_PointCoord * 2.0 - 1.0) * radius;
  float inside = clamp(radius - distance, 0.0, 1.0);
  if (mapPoints.ring > 0.5) inside *= clamp(distance - (radius - 2.0), 0.0, 1.0);
  if (inside <= 0.0) discard;
  fragColor = vec4(vColor.rgb, vColor.a * inside);
}
`

interface PointsLayerOwnProps {
  /** x, y per point (float32, data units). (Not `positions`: deck.gl warns of that name, an old prop of its own.) */
  readonly xy: Float32Array
  /** RGBA bytes per point. */
  readonly rgba: Uint8Array
  /** Diameter in CSS pixels. */
  readonly pointSize: number
  /** Draw only each point's outline. */
  readonly ring: boolean
}

const defaultProps: DefaultProps<PointsLayerOwnProps> = {
  xy: { type: 'object', value: new Float32Array(0) },
  rgba: { type: 'object', value: new Uint8Array(0) },
  pointSize: { type: 'number', value: 5 },
  ring: false
}

/** Points as GL points. */
export class PointsLayer extends Layer<PointsLayerOwnProps> {
  static override layerName = 'MapPointsLayer'
  static override defaultProps = defaultProps
  declare state: { model?: Model }

  override getShaders(): ReturnType<Layer['getShaders']> {
    return super.getShaders({ vs, fs, modules: [project32, mapPointsUniforms] })
  }

  override initializeState(): void {
    this.getAttributeManager()!.add({
      positions: { size: 2, type: 'float32', noAlloc: true, update: () => undefined },
      colors: { size: 4, type: 'unorm8', noAlloc: true, update: () => undefined }
    })
    this.setState({
      model: new Model(this.context.device, {
        ...this.getShaders(),
        id: this.props.id,
        bufferLayout: this.getAttributeManager()!.getBufferLayouts(),
        topology: 'point-list',
        vertexCount: 0
      })
    })
  }

  override updateState(params: Parameters<Layer<PointsLayerOwnProps>['updateState']>[0]): void {
    super.updateState(params)
    const { props, oldProps } = params
    const attributes = this.getAttributeManager()!.getAttributes()
    if (props.xy !== oldProps.xy) attributes['positions']!.setExternalBuffer(props.xy)
    // A clamped view of the same bytes: deck.gl takes unorm8 values as Uint8ClampedArray (it warns of any other array).
    if (props.rgba !== oldProps.rgba)
      attributes['colors']!.setExternalBuffer(new Uint8ClampedArray(props.rgba.buffer, props.rgba.byteOffset, props.rgba.byteLength))
  }

  override getNumInstances(): number {
    return Math.min(this.props.xy.length / 2, this.props.rgba.length / 4)
  }

  override draw(): void {
    const model = this.state.model
    if (!model) return
    model.setVertexCount(this.getNumInstances())
    model.shaderInputs.setProps({
      mapPoints: { pointSize: this.props.pointSize * this.context.device.canvasContext!.cssToDeviceRatio(), ring: this.props.ring ? 1 : 0 }
    })
    model.draw(this.context.renderPass)
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]): void {
    super.finalizeState(context)
    this.state.model?.destroy()
  }
}
